-- M-6, NAV-01, TIM-03  A pop asked from the delegate's willShow while the navigation
-- controller first appears: the stack changes in the call (containment now), and the
-- transition to the new top follows the appearance, as a change made during any appearance
-- does. Found by the project's fuzzer (issue 17, seed 241, shrunk): the popped controller was
-- left appeared with its view in no window, the new top disappeared on screen.
--
-- Sources: [DOC] UINavigationControllerDelegate.navigationController(_:willShow:animated:);
-- UINavigationController.popViewController(animated:). The engine's choice (D-102): the
-- appearance that installs the top counts as being on screen for a stack change asked
-- inside it, as M-6's push from the first viewDidAppear does.
-- DECISIONS (docs/DECISIONS.md): D-18, D-102.

scenario("willShow pops during the first appearance: the pop is an animated transition after it", function()
  local C7, C1, C2 = Controller "C7", Controller "C1", Controller "C2"
  local N1 = NavigationController { "N1", C7, C1, C2 }
  local popped = false
  N1.delegate = {
    willShow = function(nav, vc, animated)
      if not popped then
        popped = true
        N1:popViewController(true)
      end
    end,
  }
  trace.clear()
  Window { root = N1 }
  settle()
  expect [[
    N1.viewDidLoad()
    N1.viewWillAppear(false)
    C2.viewDidLoad()
    C2.viewWillAppear(false)
    N1.delegate.willShow(C2, animated: false)
    C2.willMove(toParent: nil)
    C2.viewDidAppear(false)
    N1.viewDidAppear(false)
    C1.viewDidLoad()
    C2.viewWillDisappear(true)
    C1.viewWillAppear(true)
    N1.delegate.willShow(C1, animated: true)
    C2.viewDidDisappear(true)
    C1.viewDidAppear(true)
    C2.didMove(toParent: nil)
  ]]
  expect.equal(N1.topViewController, C1)
  expect.equal(C2.parent, nil)
  expect.equal(C2.viewIfLoaded.window, nil)
  expect.equal(C1.appearance, "appeared")
end)
