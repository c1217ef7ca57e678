import type { ComponentType } from 'react';
import { ROLES } from '@erp/shared';
import { ExamCellPanel } from './ExamCellPanel';

/** Dashboard panels this feature adds, by role (collected by app/slots.tsx). */
export const dashboardWidgets: Record<string, ComponentType[]> = { [ROLES.EXAMINATION]: [ExamCellPanel] };
