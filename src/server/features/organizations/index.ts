// An organization's figures (members, teams, activity) for its dashboard.
// No other feature uses any of it yet.
export {};
