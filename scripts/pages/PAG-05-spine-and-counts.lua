-- PAG-05  The spine and the number of pages a set takes: one for a scroll or a curl's
-- minimum or maximum spine, two for a middle spine or a double-sided curl; UIKit's exceptions
-- for the wrong number and for an invalid spine.
--
-- Sources: TRANSITIONS-TIMING PAG-05 [DOC H-PVC5, setViewControllers]+[RE17] (spineLocation
-- defaults to min for a curl and none for a scroll; mid needs 2 controllers and sets
-- isDoubleSided; "Setting 'NO' when spine location is mid results in an exception"; a
-- double-sided curl whose spine is not mid takes 2; "The number of provided view controllers
-- (%ld) doesn't match the number required (%ld) for the requested spine location (%@)";
-- "'%@' is not a valid spine location").
-- DECISIONS (docs/DECISIONS.md): D-123 (two pages set at once are set in the call; a swipe of
-- two pages is not modelled).

scenario("defaults, and the number of pages each spine takes", function()
  local scroll = PageViewController { "Scroll" }
  local curl = PageViewController { "Curl", transitionStyle = "pageCurl" }
  expect.equal(scroll.spineLocation, "none")
  expect.equal(curl.spineLocation, "min")
  expect.equal(curl.isDoubleSided, false)
  local A, B = Controller "A", Controller "B"
  expect.error(function() scroll:setViewControllers({ A, B }, "forward", false) end,
    "The number of provided view controllers (2) doesn't match the number required (1) for the requested "
      .. "spine location (UIPageViewControllerSpineLocationNone)")
  expect.error(function() scroll:setViewControllers({}, "forward", false) end,
    "The number of provided view controllers (0) doesn't match the number required (1)")
  curl.isDoubleSided = true
  expect.error(function() curl:setViewControllers({ A }, "forward", false) end,
    "doesn't match the number required (2) for the requested spine location (UIPageViewControllerSpineLocationMin)")
  expect [[ ]]
end)

scenario("a middle spine shows two pages, set together", function()
  local L, R = Controller "L", Controller "R"
  local book = PageViewController { "Book", transitionStyle = "pageCurl", spineLocation = "mid" }
  expect.equal(book.isDoubleSided, true)
  expect.error(function() book.isDoubleSided = false end,
    "Setting 'NO' when spine location is mid results in an exception")
  local win = Window { root = book }
  book:setViewControllers({ L, R }, "forward", true)
  settle()
  expect [[
    Book.viewDidLoad()
    Book.viewWillAppear(false)
    L.willMove(toParent: Book)
    L.viewDidLoad()
    L.viewWillAppear(false)
    L.viewDidAppear(false)
    L.didMove(toParent: Book)
    R.willMove(toParent: Book)
    R.viewDidLoad()
    R.viewWillAppear(false)
    R.viewDidAppear(false)
    R.didMove(toParent: Book)
    Book.viewDidAppear(false)
  ]]
  expect.equal(book.viewControllers, { L, R })
  expect.error(function() user.swipePage(book, "forward") end, "a swipe that turns two pages")
end)

scenario("an invalid spine, and a style chosen after the pages", function()
  expect.error(function() PageViewController { "Bad", spineLocation = "mid" } end,
    "'mid' is not a valid spine location")
  expect.error(function() PageViewController { "Bad2", transitionStyle = "pageCurl", spineLocation = "none" } end,
    "'none' is not a valid spine location")
  expect.error(function() PageViewController { "Bad3", transitionStyle = "curl" } end, ---@diagnostic disable-line: param-type-mismatch
    "\"curl\" is not a transitionStyle")
  local pages = PageViewController { "Pages" }
  expect.error(function() pages.transitionStyle = "pageCurl" end, "'transitionStyle' is read-only")
end)
