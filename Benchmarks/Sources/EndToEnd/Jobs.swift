import BenchmarkSupport
import Foundation

/// The three jobs of issue 27's "speed of the whole job", each with its peer.
struct Jobs {
    let datamapper: String
    let work: URL
    let errorFile: URL

    /// `config_large.yaml` to JSON, against PyPI `yq` (which runs Debian's `jq`):
    /// `yq . FILE > OUT`. Goal: at least 10 times as fast.
    func yamlToJSON(input: URL) -> Job {
        let ours = ourCommand(input: input, arguments: ["--to", "json"], extension: "json")
        let peer = requiring(["yq", "jq"], install: "pip install yq; apt-get install -y jq").map { paths in
            Command(
                executable: paths[0], arguments: [".", input.path],
                output: output("peer", "json"), writesToStandardOutput: true)
        }
        return Job(name: "yaml-to-json", input: input, ours: ours, peerName: "yq + jq", peer: peer, goal: Goal(minimumRatio: 10, strictly: false))
    }

    /// A JSON Lines file to MessagePack values back to back, against
    /// `Scripts/jsonl_to_msgpack.py` (`json.loads` and `msgpack.packb` per line).
    func jsonLinesToMessagePack(input: URL) -> Job {
        let ours = ourCommand(input: input, arguments: ["--from", "jsonl", "--to", "msgpack"], extension: "msgpack")
        let peer = pythonScript("jsonl_to_msgpack.py", probe: "import msgpack", install: "pip install msgpack", input: input, extension: "msgpack")
        return Job(name: "jsonl-to-msgpack", input: input, ours: ours, peerName: "Python json + msgpack", peer: peer, goal: Goal(minimumRatio: 1, strictly: true))
    }

    /// A stream of YAML documents to JSON, one document per line, against
    /// `Scripts/yaml_stream_to_json.py` (PyYAML's `CSafeLoader` and `json.dumps`).
    func yamlStreamToJSON(input: URL) -> Job {
        let ours = ourCommand(input: input, arguments: ["--from", "yaml", "--to", "json"], extension: "json")
        let peer = pythonScript("yaml_stream_to_json.py", probe: "import yaml; yaml.CSafeLoader", install: "pip install pyyaml (built with libyaml)", input: input, extension: "json")
        return Job(name: "yaml-stream-to-json", input: input, ours: ours, peerName: "PyYAML CSafeLoader + json", peer: peer, goal: Goal(minimumRatio: 1, strictly: true))
    }

    private func ourCommand(input: URL, arguments: [String], extension: String) -> Command {
        let output = output("ours", `extension`)
        return Command(
            executable: datamapper,
            arguments: ["convert", input.path] + arguments + ["-o", output.path, "--quiet"],
            output: output, writesToStandardOutput: false)
    }

    /// `python3 Scripts/NAME INPUT OUTPUT`, when `python3` is on `PATH` and runs `probe`
    /// (the imports the script needs) without error.
    private func pythonScript(_ script: String, probe: String, install: String, input: URL, extension: String) -> Result<Command, MissingPeerError> {
        requiring(["python3"], install: "apt-get install -y python3").flatMap { paths in
            let check = try? ChildProcess.run(paths[0], ["-c", probe], errorFile: errorFile)
            guard check?.termination == .exited(0) else {
                return .failure(MissingPeerError(description: "\(paths[0]) cannot run `\(probe)`; install with `\(install)`"))
            }
            let output = output("peer", `extension`)
            let scriptPath = BenchmarksFolder.url.appendingPathComponent("Scripts/\(script)").path
            return .success(Command(
                executable: paths[0], arguments: [scriptPath, input.path, output.path],
                output: output, writesToStandardOutput: false))
        }
    }

    /// The paths of `programs` on `PATH`, or which are missing and how to install them.
    private func requiring(_ programs: [String], install: String) -> Result<[String], MissingPeerError> {
        let paths = programs.map { ($0, Executables.onPath($0)) }
        let missing = paths.filter { $0.1 == nil }.map(\.0)
        guard missing.isEmpty else {
            return .failure(MissingPeerError(description: "\(missing.joined(separator: " and ")) not found on PATH; install with `\(install)`"))
        }
        return .success(paths.compactMap(\.1))
    }

    private func output(_ side: String, _ extension: String) -> URL {
        work.appendingPathComponent("output-\(side).\(`extension`)")
    }
}
