/// The holder's wire and seams, shared by `notify` and its `dailyquote hold` process
/// (``HoldStage``, ``HolderLauncher``) and the library that posts (``LibnotifyPoster``).
///
/// The wire: ``Request`` (JSON on the holder's standard input) and ``Reply`` (one line on its
/// standard output); how a hold ended: ``End``. The seams: ``Poster``, what the rules need from
/// the library that posts, and ``Post``, one notification it posted.
package enum Hold {}
