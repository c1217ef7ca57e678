/** Facts of the legal pages (spec section 9); the pages and the home modals share them. */
export const TERMS_EFFECTIVE = 'December 7, 2022';
export const PRIVACY_EFFECTIVE = 'December 7, 2022';
export const PRIVACY_UPDATED = 'December 7, 2022';
export const RETURN_WINDOW_DAYS = 30;
export const LIABILITY_CAP_PERCENT = 50;
export const MINIMUM_AGE = 18;
export const JURISDICTION = 'Hyderabad';
