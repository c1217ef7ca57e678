/** The faculty member's own duties (a static path, so it wins over /app/exams/:id). */
export const MY_DUTIES_PATH = '/app/exams/my-duties';
