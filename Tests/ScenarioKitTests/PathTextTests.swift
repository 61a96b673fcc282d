import Foundation
import ScenarioKit
import Testing

/// Paths read as text agree with Foundation's reading of them, without the disk (issue 18).
@Suite("Path text")
struct PathTextTests {
    @Test("one spelling per file, as URL.standardizedFileURL gives it")
    func identityAgreesWithURL() {
        let folder = "/work/suite"
        let paths = [
            "a.lua", "./a.lua", "nav/../a.lua", "nav/./b.lua", "/abs/x.lua", "/abs//y.lua", "../up.lua", "deep/er/",
            "é/ü.lua",
        ]
        for path in paths {
            let absolute = path.hasPrefix("/") ? path : folder + "/" + path
            let expected = URL(fileURLWithPath: absolute).standardizedFileURL.path
            #expect(PathText.identity(of: path, currentFolder: folder) == expected, "\(path)")
        }
        #expect(PathText.identity(of: "../../../x", currentFolder: "/a") == "/x")
    }

    @Test("a helper's path has a part starting with _")
    func helperParts() {
        #expect(PathText.hasPart(of: "_helpers/a.lua", startingWith: "_"))
        #expect(PathText.hasPart(of: "nav/_b.lua", startingWith: "_"))
        #expect(!PathText.hasPart(of: "nav/a_b.lua", startingWith: "_"))
        #expect(ScriptDiscovery.isScript("nav/a.lua") && !ScriptDiscovery.isScript("nav/_a.lua"))
    }
}
