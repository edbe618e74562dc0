import Logging

extension AppPaths {
    /// The delivery ledger over ``ledgerState``, ``history`` and ``ledgerLock``.
    package func deliveryLedger(logger: Logger? = nil) -> DeliveryLedger {
        DeliveryLedger(paths: self, logger: logger)
    }

    /// The saved quotes in ``favorites``.
    package func favoritesStore(logger: Logger? = nil) -> FavoritesStore {
        FavoritesStore(path: favorites, logger: logger)
    }
}
