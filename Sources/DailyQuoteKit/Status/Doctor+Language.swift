import DailyQuoteSystem

extension Doctor {
    /// Whether the locale that names the messages' language exists on this machine.
    ///
    /// glibc falls back to C for a locale that is not generated, and every message, the
    /// notification's title and buttons among them, is then English with no word why. An
    /// English locale that is missing changes nothing, so it passes.
    func languageCheck() -> DoctorCheck? {
        let variable = ["LC_ALL", "LC_MESSAGES", "LANG"].first { !(environment[$0] ?? "").isEmpty }
        guard let variable, let name = environment[variable], name != "C", name != "POSIX" else { return nil }
        guard !ProcessState.isInstalled(locale: name, for: .messages) else { return nil }
        let language = Translator.baseLanguage(of: name)
        guard language != "en", language != "C" else { return nil }
        return DoctorCheck(
            // TRANSLATORS: doctor's check of the locale (the language of the messages).
            tr("language"), ok: false,
            // TRANSLATORS: %1$s is an environment variable (LANG), %2$s its value (de_DE.UTF-8).
            tr("%1$s=%2$s is not a locale of this machine (locale -a), so messages are in English", variable, name),
            // TRANSLATORS: doctor's fix for a locale that is not generated.
            fix: tr("generate it: sudo dpkg-reconfigure locales (or localedef -i LL_CC -f UTF-8 LL_CC.UTF-8)"))
    }
}
