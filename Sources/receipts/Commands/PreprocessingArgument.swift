import ArgumentParser
import ReceiptOCR

/// `--stages orientation,grayscale,…`: parsed once, for every command that takes it, and its
/// help lists the stage names from `PreprocessingOptions.names`, so a new stage shows up there.
extension PreprocessingOptions: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(names: argument)
    }

    public static var allValueStrings: [String] {
        names.map(\.0) + ["default", "all", "none"]
    }
}
