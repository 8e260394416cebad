// A libFuzzer target for `wristsim calibrate`'s readers: reads the input as an xctrace export of
// an os-signpost-interval table and as a CSV of intervals, and calibrates when they read. Any
// crash, trap, hang (libFuzzer's -timeout) or runaway memory (-rss_limit_mb) is a bug: an export
// must always end in a pipeline section or a located error. Built and run by
// `Scripts/fuzz.sh calibrate` (swiftc -sanitize=fuzzer), beside the scenario target.
import Calibration

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSignpostExport(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let options = CalibrationOptions(chip: .s9, names: ["Remove row": "removeRow"])
    do {
        let calibration = try Calibration.read(xml: ByteInput(bytes: bytes, file: "fuzz.xml"), options: options)
        _ = calibration.summary
        _ = calibration.pipelineSection.pretty()
    } catch {
        _ = error.description
    }
    do {
        let calibration = try Calibration.read(csv: ByteInput(bytes: bytes, file: "fuzz.csv"), options: options)
        _ = calibration.summary
        _ = calibration.pipelineSection.pretty()
    } catch {
        _ = error.description
    }
    return 0
}
