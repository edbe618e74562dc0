// dailyquote's one platform check. Every file that needs C's library says `import Glibc`;
// on a system without Glibc that import fails, and this says why first.
#if !canImport(Glibc)
    #error("dailyquote runs on Linux only")
#endif
