-- SHOW-03  showDetailViewController(_:sender:) by default: the same routing for the detail
-- action; with no target the window's root presents modally. Inside a plain navigation
-- controller (no split view) nothing overrides the detail action, so the root presents.
-- Also: A-11, NAV-16 ("Show Detail ... The navigation controller presents the specified view
-- controller modally", when the navigation controller is the root).
--
-- Source: [DOC] UIViewController.showDetailViewController(_:sender:): it calls
-- targetViewController(forAction:sender:) and forwards to the target; "If that method
-- returns nil, it uses the window's root view controller to present vc modally".
-- [DOC] UINavigationController overview, "Adapting to different environments": a Show
-- Detail segue makes the navigation controller present the controller modally.
-- DECISIONS: D-52.

scenario("in a navigation controller at the root, show detail presents from it", function()
  local A = Controller "A"
  local nav = NavigationController { "Nav", A }
  Window { root = nav }
  settle()
  trace.clear()
  local D = Controller "D"
  A:showDetailViewController(D, A)
  expect.equal(nav.presentedViewController, D)
  expect.equal(D.presentingViewController, nav)
  expect.equal(#nav.viewControllers, 1, "nothing was pushed")
  settle()
  expect [[
    D.viewDidLoad()
    D.viewWillAppear(true)
    D.viewDidAppear(true)
  ]]
end)

scenario("a script's container that overrides showDetailViewController is the target", function()
  local A = Controller "A"
  local shell = Controller {
    "Shell",
    showDetailViewController = function(self, vc, sender)
      note("Shell installs " .. vc.name)
      self:addChild(vc)
      self.view:addSubview(vc.view)
      vc:didMove(self)
    end,
  }
  shell:addChild(A)
  shell.view:addSubview(A.view)
  A:didMove(shell)
  Window { root = shell }
  settle()
  trace.clear()
  local D = Controller "D"
  expect.equal(A:targetViewController("showDetailViewController", A), shell)
  A:showDetailViewController(D, A)
  settle()
  expect [[
    Shell.showDetailViewController(D, sender: A)
    note: Shell installs D
    D.willMove(toParent: Shell)
    D.viewDidLoad()
    D.viewWillAppear(false)
    D.didMove(toParent: Shell)
    D.viewDidAppear(false)
  ]]
  expect.equal(D.parent, shell)
end)
