#include "CLibFuzzer.h"

#include <stdio.h>

#ifdef FLIPBOOK_FUZZING
// Provided by libclang_rt.fuzzer, linked by -sanitize=fuzzer.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
#endif

int flipbook_run_libfuzzer(int argc, char **argv, int (*callback)(const uint8_t *data, size_t size)) {
#ifdef FLIPBOOK_FUZZING
    return LLVMFuzzerRunDriver(&argc, &argv, callback);
#else
    (void)argc;
    (void)argv;
    (void)callback;
    fprintf(stderr, "flipbook-fuzz: built without libFuzzer; use `make fuzz`\n");
    return 64;
#endif
}
