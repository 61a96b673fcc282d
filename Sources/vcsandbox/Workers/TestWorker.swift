import ArgumentParser
import Foundation

/// `vcsandbox test-worker`, hidden from the help: a worker process of `vcsandbox test`,
/// which starts one per job (D-87).
///
/// It reads the batch's options, then one script at a time, from the socket `test` gives
/// it as descriptor 3, and sends the start of each declared scenario and then the script's
/// report back. It exits when the socket closes: `test` let it go, or ended. It writes the
/// files a script's run writes (`--record`, `--accept`) itself, and nothing to standard
/// output.
struct TestWorker: ParsableCommand {
    static let commandName = "test-worker"

    static let configuration = CommandConfiguration(
        commandName: commandName, abstract: "Run scripts for `vcsandbox test` (started by it).",
        shouldDisplay: false)

    func run() throws {
        guard let channel = WorkerChannel.inherited() else {
            printError(
                "vcsandbox: test-worker runs scripts for `vcsandbox test`, which starts it; run `vcsandbox test`")
            throw ExitCode(2)
        }
        guard let line = channel.nextLine(), let options = try? JSONDecoder().decode(BatchOptions.self, from: line)
        else {
            printError("vcsandbox: test-worker: vcsandbox test sent no batch options it can read")
            throw ExitCode(2)
        }
        startScriptThread { serve(channel, options) }
        // `test` closes the socket when it lets this worker go, and the system closes it when
        // `test` ends, even by SIGKILL: a worker never outlives its batch, even stuck.
        channel.waitForHangUp()
        _exit(0)
    }
}

/// Runs each script `test` sends, until it closes the socket or cannot be answered.
private func serve(_ channel: WorkerChannel, _ options: BatchOptions) {
    while let line = channel.nextLine() {
        guard let file = ReportLine.decodeJob(line) else {
            printError("vcsandbox: test-worker: vcsandbox test sent a script it cannot read")
            exit(2)
        }
        // The first scenario is the script's top level, which `test` names without being
        // told; most scripts have no other, so most reports come without a message before.
        var isTopLevel = true
        let report = runScriptFile(file, options) { scenario in
            guard !isTopLevel else {
                isTopLevel = false
                return
            }
            try? channel.send(scenario, tag: WorkerMessage.scenarioTag)
        }
        guard (try? channel.send(line: ReportLine.encode(report), tag: WorkerMessage.reportTag)) != nil else { return }
    }
}
