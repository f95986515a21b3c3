// The library: wiki pages with their versions, search and public pages.
// No other feature uses any of it yet.
export {};
