import FlipbookCommandLine

// The `flipbook` executable: everything it does lives in FlipbookCommandLine, so that tests and
// the fuzzer reach the same code.
await FlipbookTool.main()
