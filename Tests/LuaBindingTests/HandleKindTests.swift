import HierarchyEngine
import ScenarioKit
import Testing

@testable import LuaBinding

/// A kind of handle written for the test: a stopwatch that counts laps. Adding it takes
/// this file and one table, the list of kinds the session is given (issue 15): the class,
/// its kind (25 lines) and the row `handleKinds + [StopwatchKind.self]`.
final class Stopwatch {
    let name: String
    var laps = 0

    init(name: String) {
        self.name = name
    }
}

enum StopwatchKind: HandleKind {
    static let typeName = "Stopwatch"
    static let members = Members<Stopwatch>(
        properties: [
            // The object itself, pushed again: the same Lua value, as every handle is.
            Property(name: "itself", get: { object, call in call.session.push(object) }),
            Property(name: "laps", get: { object, call in call.stack.push(integer: object.laps) }),
            Property(name: "name", get: { object, call in call.stack.push(object.name) }),
        ],
        methods: [
            Method(name: "lap") { object, call in
                object.laps += 1
                call.stack.push(integer: object.laps)
                return 1
            }
        ])
    static let constructors = [
        APIFunction("Stopwatch") { call in
            call.session.push(Stopwatch(name: try call.string(1)))
            return 1
        }
    ]

    static func describe(_ stopwatch: Stopwatch) -> String { "\(stopwatch.name), \(stopwatch.laps) laps" }
}

@Suite("A kind of handle added by one row")
struct HandleKindTests {
    private func session() -> Session {
        Session(profile: Profile(), unsafe: false, limits: .standard, kinds: handleKinds + [StopwatchKind.self])
    }

    @Test("its constructor, members, text and identity work as the built-in kinds' do")
    func membersWork() {
        let found = failure(
            of: """
                local s = Stopwatch "S"
                expect.equal(s:lap(), 1)
                expect.equal(s:lap(), 2)
                expect.equal(s.laps, 2)
                expect.equal(tostring(s), "Stopwatch S, 2 laps")
                expect.equal(rawequal(s.itself, s), true)
                expect.error(function() s.laps = 3 end, "Stopwatch S, 2 laps: 'laps' is read-only")
                expect.error(function() return s.lapps end, "has no property 'lapps' (did you mean 'laps'?)")
                expect.error(function() s.lap() end, "Stopwatch expected, got no value; call it with ':'")
                expect.error(function() s.viewDidLoad = function() end end, "has no property 'viewDidLoad'")
                """, in: session())
        #expect(found == nil, "\(text(found))")
    }

    @Test("a session without the row has no such global, and the built-in kinds are unchanged")
    func onlyTheSessionGivenTheRowHasIt() {
        let found = failure(
            of: """
                expect.equal(Stopwatch, nil)
                expect.equal(tostring(Controller "A"), "Controller A")
                """)
        #expect(found == nil, "\(text(found))")
    }
}
