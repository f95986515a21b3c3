// The organization's member directory and each member's details.
// No other feature uses any of it yet.
export {};
