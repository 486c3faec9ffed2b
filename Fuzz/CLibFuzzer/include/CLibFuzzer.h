/// CLibFuzzer — starts libFuzzer's driver from Swift.
///
/// SwiftPM renames an executable's `main` (to link it into tests), so libFuzzer's own `main`
/// cannot be used; `make fuzz` instead calls the driver through this wrapper, compiled with
/// `FLIPBOOK_FUZZING` defined and linked with `-sanitize=fuzzer`.
#ifndef CLIBFUZZER_H
#define CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer with the command line `argc`/`argv`, calling `callback` for every input.
/// Returns libFuzzer's exit status, or 64 when this build has no libFuzzer.
int flipbook_run_libfuzzer(int argc, char **argv, int (*callback)(const uint8_t *data, size_t size));

#endif
