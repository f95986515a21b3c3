// Moving in: a members CSV or a calendar file, with a dry run that previews every row.
// No other feature uses any of it yet.
export {};
