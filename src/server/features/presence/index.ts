// Who is online: the WebSocket presence hub, per organization, across instances.
// No other feature uses any of it yet.
export {};
