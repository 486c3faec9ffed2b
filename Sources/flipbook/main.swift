import COneHeap
import FlipbookCommandLine

// The `flipbook` executable: everything it does lives in FlipbookCommandLine, so that tests and
// the fuzzer reach the same code. COneHeap links the constructor that makes the process
// allocate from one heap.
await FlipbookTool.main()
