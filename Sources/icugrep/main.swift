// PLACEHOLDER: the command-line front end is being written.
print("icugrep")
