/** /dashboard/agenda/crear (with or without its final slash): the agenda's page with a new booking's form shown. */
export const BOOKING_PATH = /^\/dashboard\/agenda\/crear\/?$/;
