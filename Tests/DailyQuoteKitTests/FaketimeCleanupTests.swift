import Foundation
import TestSupport
import Testing

/// `Tests/TestSupport/Harness/faketime_cleanup.py`, which removes the /dev/shm files of faketime wrappers
/// that were killed: a later wrapper with the same PID would fail at once.
@Suite("faketime cleanup")
struct FaketimeCleanupTests {
    @Test("The files of a gone wrapper go; those of a running wrapper and anything else stay")
    func removesOnlyLeftovers() throws {
        let directory = TemporaryDirectory()
        // Above Linux's largest PID: no process has it.
        for name in ["faketime_shm_4194400", "sem.faketime_sem_4194400", "faketime_shm_x", "other"] {
            _ = try directory.write(name, "")
        }
        // A real wrapper, running while the cleanup runs.
        let result = try ProcessRunner.run(
            RepositoryPaths.support("unit/faketime-cleanup-check.sh"), [directory.path, RepositoryPaths.support("faketime_cleanup.py")],
            environment: RepositoryPaths.environment())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout
                == """
                faketime_cleanup: removed 2 files left by faketime wrappers that were killed
                faketime_shm_RUNNING
                faketime_shm_x
                other
                sem.faketime_sem_RUNNING

                """)
    }
}
