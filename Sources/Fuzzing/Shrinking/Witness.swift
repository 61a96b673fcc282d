/// A shrunk script as `vcsandbox run FILE` runs it, with no fuzzer around: the steps as
/// the fuzzer ran them, and at the step where the failure was seen a witness in plain Lua
/// that reads the hierarchy through the public API and stops the script with
/// `fuzz witness (family): …` when the failure shows (exit status 1).
///
/// The witness sees what the API shows: a link that only the engine's own fields hold, or a
/// transition left running with no controller left mid-appearance, may not show; `shows`
/// (FuzzRun.runPlain) tells, and the report says so.
///
///     step(7, "settle", function() settle() end)
///     -- after step 7: fuzz witness (settled): C3 is still disappearing after settle().
public enum Witness {
    /// The standalone text of `script`, whose `violation` the witness looks for.
    public static func standaloneText(_ script: FuzzScript, showing violation: Violation) -> String {
        let family = violation.family
        var prelude = """
            -- Shrunk from seed \(script.seed) (\(family.rawValue): \(family.summary)).
            -- The fuzzer saw, at step \(violation.step):
            \(violation.message.split(separator: "\n").map { "--   " + $0 }.joined(separator: "\n"))
            -- vcsandbox run FILE\(script.iosVersion == 17 ? "" : " --ios \(script.iosVersion)") stops with "fuzz witness" \
            where the failure shows, through the public API alone.

            """
        prelude += basePrelude(watching: violation.step, family: family, site: site(of: violation))
        let library = WitnessLibrary.code(variables: script.usedVariables, family: family)
        return script.render(prelude: prelude, declared: library) { step in step.line }
    }

    /// `step` runs each step under `pcall` as the fuzzer did and raises a witness's finding
    /// outside it; the witness runs after step `watched` (or inside the callback `site`).
    static func basePrelude(watching watched: Int, family: Family, site: String?) -> String {
        let siteTest = site.map { "site == \"\($0)\"" } ?? "false"
        return """
            local failure, before, watching
            local witness
            local function step(n, kind, body)
              local outer = watching
              if n == \(watched) then watching = true; before = witness.snapshot() end
              local ok, err = pcall(body)
              if n == \(watched) then witness.after(ok, err) end
              watching = outer
              if failure and n < 1000 then error(failure, 0) end
            end
            local function inside(site) if \(siteTest) then witness.check() end end
            local function gesture(g) end
            local function rebase() if watching then before = witness.snapshot() end end
            local fired = {}
            local function once(site, limit)
              local count = (fired[site] or 0) + 1
              fired[site] = count
              return count <= limit
            end

            """
    }

    /// The callback a `callback-links` violation names (`inside C3.didMove#4: …`).
    static func site(of violation: Violation) -> String? {
        guard violation.family == .callbackLinks, violation.message.hasPrefix("inside ") else { return nil }
        let rest = violation.message.dropFirst("inside ".count)
        return rest.firstIndex(of: ":").map { String(rest[..<$0]) }
    }
}
