// Volunteering: positions, shifts, places held, check-in and hours.

export { shiftFeedEvents } from './feed';
export { scanOpenShiftDigests, scanShiftReminders } from './reminders';
