// The umbrella header of the system ICU module. The module exists so that SwiftPM runs
// pkg-config for ICU's compile and link flags; icushim.c includes the same headers itself.
#include <unicode/uregex.h>
#include <unicode/utext.h>
#include <unicode/ucnv.h>
#include <unicode/ustring.h>
#include <unicode/utypes.h>
