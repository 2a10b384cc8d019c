/** Public facts about the company shown across the site. */
export const supportEmail = "support@changeradar.app";
export const officeHours = "Monday to Friday, 9:00 AM to 6:00 PM EST";
export const legalLastUpdated = "June 30, 2025";
