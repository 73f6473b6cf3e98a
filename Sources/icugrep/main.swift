print("icugrep")
