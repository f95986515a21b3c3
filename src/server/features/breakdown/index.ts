// A team's breakdown: characters, scenes, and which scenes an event rehearses.

export { checkEventScenes, datesReached, scenesOfEvent, setEventScenes, teamsOfEvent } from './event-scenes';
export { scenesOfEvents } from './queries';
