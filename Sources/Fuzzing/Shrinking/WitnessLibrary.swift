/// The Lua of a witness: the checks of one family written against the public API only,
/// over every controller the script's locals reach (parents, children, presentations,
/// window roots). Reading never changes anything: no `view`, `presentationController` or
/// `moreNavigationController` but where it must exist already.
enum WitnessLibrary {
    /// The witness table for `family`: `snapshot()`, `after(ok, err)` (after the watched
    /// step) and `check()` (the family's condition; sets `failure`).
    static func code(variables: [String], family: Family) -> String {
        // Windows, gestures, the interaction (I1) and the storyboard (SB) are no controllers.
        let controllers = variables.filter { !$0.hasPrefix("W") && !$0.hasPrefix("G") && !["I1", "SB"].contains($0) }
        let windows = variables.filter { $0.hasPrefix("W") }
        return """
            local function pack(...) return table.pack(...) end
            local function named(list) local names = {} for _, c in ipairs(list) do names[#names + 1] = c.name end
              return table.concat(names, ", ") end
            local function windows() return pack(\(windows.joined(separator: ", "))) end
            local function controllers()
              local list, seen = {}, {}
              local function visit(c)
                if c == nil or seen[c] then return end
                seen[c] = true
                list[#list + 1] = c
                visit(c.parent)
                for _, k in ipairs(c.children) do visit(k) end
                visit(c.presentedViewController)
                visit(c.presentingViewController)
              end
              local roots = pack(\(controllers.joined(separator: ", ")))
              for i = 1, roots.n do visit(roots[i]) end
              local ws = windows()
              for i = 1, ws.n do if ws[i] then visit(ws[i].rootViewController) end end
              table.sort(list, function(a, b) return a.name < b.name end)
              return list
            end
            local function shows(c) return c.appearance == "appearing" or c.appearance == "appeared" end
            local function onScreen(c)
              local view = c.viewIfLoaded
              local window = view and view.window
              return window ~= nil and not window.isHidden
            end
            \(checks(for: family))
            witness = {
              snapshot = \(family == .unchanged ? "snapshot" : "function() end"),
              after = \(after(for: family)),
              check = function()
                local found = problem()
                if found and not failure then failure = "fuzz witness (\(family.rawValue)): " .. found end
              end,
            }

            """
    }

    /// What runs after the watched step.
    static func after(for family: Family) -> String {
        switch family {
        case .unchanged:
            return """
                function(ok, err)
                    if ok or tostring(err):find("\(ScenarioGenerator.plantedMarker)", 1, true) then return end
                    local now = snapshot()
                    if now ~= before then
                      failure = "fuzz witness (unchanged): the step raised " .. tostring(err)
                        .. " but changed:\\n" .. difference(before, now)
                    end
                  end
                """
        case .escapedError:
            // The kept error is raised by the next call into the API, outside every pcall.
            return "function() now() end"
        default:
            return "function() witness.check() end"
        }
    }

    /// The Lua function `problem()` of `family` (and `snapshot` for `unchanged`).
    static func checks(for family: Family) -> String {
        switch family {
        case .containment:
            return "local function problem() return containment() or windowRoots() end".with(containment + windowRoots)
        case .presentation: return "local function problem() return presentation() end".with(presentation)
        case .window: return "local function problem() return windowRoots() end".with(windowRoots)
        case .tabs: return "local function problem() return tabs() end".with(tabs)
        case .callbackLinks:
            return "local function problem() return containment() or presentation() or windowRoots() end"
                .with(containment + presentation + windowRoots)
        case .visibility: return visibility
        case .settled: return settled
        case .onScreen: return onScreen
        case .unchanged: return snapshot + "\nlocal function problem() end"
        default: return "local function problem() end"
        }
    }

    static let containment = """
        local function containment()
          for _, c in ipairs(controllers()) do
            local p = c.parent
            if p then
              local count = 0
              for _, k in ipairs(p.children) do if k == c then count = count + 1 end end
              if count ~= 1 then
                return c.name .. "'s parent is " .. p.name .. ", whose children [" .. named(p.children)
                  .. "] list it " .. count .. " times"
              end
            end
            for _, k in ipairs(c.children) do
              if k.parent ~= c then
                return c.name .. " lists " .. k.name .. " as a child, but its parent is "
                  .. (k.parent and k.parent.name or "nil")
              end
            end
          end
        end

        """

    static let presentation = """
        local function presentation()
          for _, c in ipairs(controllers()) do
            local shown = c.presentedViewController
            if shown and not shown.presentingViewController then
              return c.name .. " presents " .. shown.name .. ", whose presentingViewController is nil"
            end
            local presenter = c.presentingViewController
            if presenter and not presenter.presentedViewController then
              return c.name .. " is presented by " .. presenter.name .. ", whose presentedViewController is nil"
            end
          end
        end

        """

    static let windowRoots = """
        local function loops(first, next)
          local seen, chain, item = {}, {}, first
          while item do
            chain[#chain + 1] = item.name
            if seen[item] then return table.concat(chain, " -> ") end
            seen[item] = true
            item = next(item)
          end
        end
        local function windowRoots()
          for _, c in ipairs(controllers()) do
            local view = c.viewIfLoaded
            local loop = view and loops(view, function(v) return v.superview end)
            if loop then return "the superview links loop: " .. loop end
            loop = loops(c, function(k) return k.parent end)
            if loop then return "the parent links loop: " .. loop end
          end
          local ws = windows()
          for i = 1, ws.n do
            local root = ws[i] and ws[i].rootViewController
            if root and root.parent then
              return ws[i].name .. "'s root view controller " .. root.name .. " has a parent, " .. root.parent.name
            end
          end
        end

        """

    static let tabs = """
        local function tabs()
          for _, t in ipairs(controllers()) do
            local ok, tabs = pcall(function() return t.viewControllers, t.selectedViewController, t.selectedIndex end)
            if ok then
              local list, selected = t.viewControllers, t.selectedViewController
              local items = {}
              for i, c in ipairs(list) do if #list <= 5 or i <= 4 then items[#items + 1] = c end end
              if #list > 5 then items[#items + 1] = t.moreNavigationController end
              local isChild = {}
              for _, c in ipairs(t.children) do isChild[c] = true end
              for _, c in ipairs(items) do
                if not isChild[c] then
                  return t.name .. "'s items [" .. named(items) .. "] are not all among its children ["
                    .. named(t.children) .. "]"
                end
              end
              local found = selected == nil or (#list > 5 and selected == t.moreNavigationController)
              for _, c in ipairs(list) do if c == selected then found = true end end
              if not found then return t.name .. " selects " .. selected.name .. ", not one of its tabs" end
            end
          end
        end

        """

    static let visibility = """
        local function problem()
          for _, c in ipairs(controllers()) do
            if shows(c) and not onScreen(c) then return c.name .. " is " .. c.appearance .. " but not on screen" end
            if shows(c) and c.parent and not shows(c.parent) then
              return c.name .. " is " .. c.appearance .. " but its parent " .. c.parent.name .. " is " .. c.parent.appearance
            end
          end
        end
        """

    static let settled = """
        local function problem()
          for _, c in ipairs(controllers()) do
            if c.appearance == "appearing" or c.appearance == "disappearing" then
              return c.name .. " is still " .. c.appearance .. " after settle()"
            end
            if c.isBeingPresented then return c.name .. " is still being presented after settle()" end
            if c.isBeingDismissed then return c.name .. " is still being dismissed after settle()" end
          end
        end
        """

    static let onScreen = """
        local function inParentsTree(c)
          local parentView = c.parent.viewIfLoaded
          local view = c.viewIfLoaded
          while view do
            if view == parentView then return true end
            view = view.superview
          end
          return false
        end
        local function problem()
          for _, c in ipairs(controllers()) do
            if c.appearance == "disappeared" and onScreen(c)
              and (c.parent == nil or (c.parent.appearance == "appeared" and inParentsTree(c))) then
              return c.name .. " is disappeared after settle(), but its view is on screen"
                .. (c.parent and " and its parent " .. c.parent.name .. " is appeared" or "")
            end
          end
        end
        """

    static let snapshot = """
        local function snapshot()
          local events = 0
          for _, line in ipairs(trace.all()) do
            if not line:find(".delegate.", 1, true) and not line:find(".canPerformAction(", 1, true) then
              events = events + 1
            end
          end
          local lines = { "events " .. events }
          for _, c in ipairs(controllers()) do
            local view = c.viewIfLoaded
            lines[#lines + 1] = table.concat({ c.name, c.appearance, "parent " .. (c.parent and c.parent.name or "nil"),
              "children [" .. named(c.children) .. "]",
              "presents " .. (c.presentedViewController and c.presentedViewController.name or "nil"),
              "presented by " .. (c.presentingViewController and c.presentingViewController.name or "nil"),
              tostring(c.isBeingPresented), tostring(c.isBeingDismissed),
              view and ("view in " .. (view.superview and view.superview.name or "nothing")) or "view not loaded" }, ", ")
          end
          local ws = windows()
          for i = 1, ws.n do
            local w = ws[i]
            if w then
              lines[#lines + 1] = w.name .. " root " .. (w.rootViewController and w.rootViewController.name or "nil")
                .. (w.isHidden and " hidden" or " shown")
            end
          end
          return table.concat(lines, "\\n")
        end
        local function difference(old, new)
          local had, has, out = {}, {}, {}
          for line in old:gmatch("[^\\n]+") do had[line] = true end
          for line in new:gmatch("[^\\n]+") do has[line] = true end
          for line in old:gmatch("[^\\n]+") do if not has[line] then out[#out + 1] = "  - " .. line end end
          for line in new:gmatch("[^\\n]+") do if not had[line] then out[#out + 1] = "  + " .. line end end
          return table.concat(out, "\\n")
        end
        """
}

extension String {
    /// This code after `helpers`.
    fileprivate func with(_ helpers: String) -> String { helpers + self }
}
