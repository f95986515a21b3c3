// The Terms of Service and Privacy Policy, readable by anyone.
// No other feature uses any of it yet.
export {};
