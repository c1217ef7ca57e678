import { z } from 'zod';
import { MSG } from './messages.js';
import { isIsoDate, ZIsoDate } from './common-schemas.js';

export { isIsoDate };

/** Spec section 9: the achievement description is at most 500 characters. */
export const ACHIEVEMENT_DESCRIPTION_MAX = 500;
/** The Reference dialog shows up to 70 lines. */
export const ACHIEVEMENT_REFERENCE_LINES = 70;

export const ACHIEVEMENT_MSG = {
  descriptionTooLong: `Description should be maximum ${ACHIEVEMENT_DESCRIPTION_MAX} characters`,
  invalidDate: 'Please enter a valid date',
  duplicate: 'This achievement already exists for the faculty on that date',
  notFound: 'Achievement Not Found',
  facultyNotInDepartment: 'The faculty does not belong to the selected department',
} as const;

/** dd-mm-yyyy, the table's display format. */
export function displayDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : iso;
}

const required = (max: number) => z.string({ message: MSG.fillInAllFields }).trim().min(1, MSG.fillInAllFields).max(max);

/** Spec section 3, Achievement; `id` present means edit. */
export const ZAchievement = z.object({
  id: z.coerce.number().int().positive().optional(),
  departmentName: required(60),
  facultyName: required(120),
  facultyEmail: z.string().trim().max(160).optional().default(''),
  description: z
    .string({ message: MSG.fillInAllFields })
    .trim()
    .min(1, MSG.fillInAllFields)
    .max(ACHIEVEMENT_DESCRIPTION_MAX, ACHIEVEMENT_MSG.descriptionTooLong),
  dates: z
    .string({ message: MSG.fillInAllFields })
    .trim()
    .min(1, MSG.fillInAllFields)
    // The legacy client shows the spec's one message for any bad date.
    .pipe(ZIsoDate('dates', { invalid: ACHIEVEMENT_MSG.invalidDate, outOfRange: ACHIEVEMENT_MSG.invalidDate })),
});
export type TAchievement = z.infer<typeof ZAchievement>;
export type TAchievementInput = z.input<typeof ZAchievement>;

/** The delete call receives the whole achievement; only its id decides what goes. */
export const ZAchievementRef = z.looseObject({
  id: z.coerce.number({ message: ACHIEVEMENT_MSG.notFound }).int().positive(ACHIEVEMENT_MSG.notFound),
});

export const ZAchievementSearch = z.object({
  facultyName: z.string().trim().min(1, MSG.selectDeptAndFaculty).max(120),
  facultyDept: z.string().trim().min(1, MSG.selectDeptAndFaculty).max(60),
});

export const ZFacultyNamesQuery = z.object({ department: z.string().trim().min(1, MSG.selectDeptAndFaculty).max(60) });

export const ZAchievementRow = z.object({
  id: z.number().int(),
  departmentName: z.string(),
  facultyName: z.string(),
  facultyEmail: z.string(),
  description: z.string(),
  dates: z.string(),
});
export type TAchievementRow = z.infer<typeof ZAchievementRow>;
/** getfacultyAchievements */
export const ZAchievementRowList = z.array(ZAchievementRow);

export const ZDepartmentRecord = z.object({
  departmentCreationPrimaryKey: z.object({ departmentName: z.string(), collegeId: z.number().int() }),
  departmentFullName: z.string(),
});
export type TDepartmentRecord = z.infer<typeof ZDepartmentRecord>;
/** getAllDepartmentDetails */
export const ZDepartmentRecordList = z.array(ZDepartmentRecord);

export const ZFacultyName = z.object({ facultyName: z.string(), facultyEmail: z.string() });
export type TFacultyName = z.infer<typeof ZFacultyName>;
/** getFacultyNamesBasedOnDepartment */
export const ZFacultyNameList = z.array(ZFacultyName);

/** savefacultyAchievements: the message and the saved achievement's id. */
export const ZAchievementSaved = z.object({ message: z.string(), id: z.number().int() });
