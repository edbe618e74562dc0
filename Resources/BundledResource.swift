/// Data files that are compiled into the binary.
public enum BundledResource {
    /// The commented default configuration file, as written by `dailyquote config init`.
    public static var exampleConfig: String {
        String(decoding: PackageResources.config_example_toml, as: UTF8.self)
    }

    /// The bundled quote collection: a JSON array of `{"text", "author"}`.
    public static var quotesJSON: [UInt8] { PackageResources.quotes_json }
}
