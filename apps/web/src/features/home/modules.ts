import type { SvgIconComponent } from '@mui/icons-material';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import School from '@mui/icons-material/School';
import AccountBalance from '@mui/icons-material/AccountBalance';
import LocalLibrary from '@mui/icons-material/LocalLibrary';
import DirectionsBus from '@mui/icons-material/DirectionsBus';
import Hotel from '@mui/icons-material/Hotel';
import ReportProblem from '@mui/icons-material/ReportProblem';
import FamilyRestroom from '@mui/icons-material/FamilyRestroom';
import VerifiedUser from '@mui/icons-material/VerifiedUser';
import WorkOutline from '@mui/icons-material/WorkOutline';
import Assignment from '@mui/icons-material/Assignment';
import Insights from '@mui/icons-material/Insights';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import Business from '@mui/icons-material/Business';
import Person from '@mui/icons-material/Person';
import Dashboard from '@mui/icons-material/Dashboard';
import SupervisorAccount from '@mui/icons-material/SupervisorAccount';
import AccountBox from '@mui/icons-material/AccountBox';
import type { TAppConfig } from '@erp/shared';
import { MODULE_HINTS } from '../../lib/module-hints';

/** Where a tile or card goes: a login module, an in-app path, or one of the configured external links. */
export type Target = { login: string } | { path: string } | { external: keyof TAppConfig['links'] };

export interface Tile {
  name: string;
  icon: SvgIconComponent;
  hints: string[];
  target: Target;
}

/** Home tiles with the spec's tile hints; Exams, OBE and Exam Results open the configured links. */
export const TILES: Tile[] = [
  { name: 'Admin', icon: AdminPanelSettings, hints: [...MODULE_HINTS.Admin], target: { login: 'Admin' } },
  { name: 'Faculty', icon: School, hints: [...MODULE_HINTS.Faculty], target: { login: 'Faculty' } },
  { name: 'Accounts', icon: AccountBalance, hints: [...MODULE_HINTS.Accounts], target: { login: 'Accounts' } },
  { name: 'Library', icon: LocalLibrary, hints: [...MODULE_HINTS.Library], target: { login: 'Library' } },
  { name: 'Transport', icon: DirectionsBus, hints: [...MODULE_HINTS.Transport], target: { login: 'Transportation' } },
  { name: 'Hostel', icon: Hotel, hints: [...MODULE_HINTS.Hostel], target: { login: 'Hostel' } },
  { name: 'Grievance', icon: ReportProblem, hints: [...MODULE_HINTS.Grievance], target: { login: 'Grievance' } },
  { name: 'Parent', icon: FamilyRestroom, hints: [...MODULE_HINTS.Parent], target: { login: 'parent' } },
  { name: 'IQAC', icon: VerifiedUser, hints: [...MODULE_HINTS.IQAC], target: { path: '/IQACHome' } },
  { name: 'Placement', icon: WorkOutline, hints: [...MODULE_HINTS.Placement], target: { login: 'Placements Cell' } },
  { name: 'Exams', icon: Assignment, hints: ['Exam Cell'], target: { external: 'exams' } },
  { name: 'OBE', icon: Insights, hints: ['Outcome Based Education'], target: { external: 'obe' } },
  { name: 'Exam Results', icon: EmojiEvents, hints: [...MODULE_HINTS.Results], target: { external: 'results' } },
];

export interface CircleCard {
  name: string;
  icon: SvgIconComponent;
  target: Target;
}

/** The circular menu's 17 module cards, in the spec's order. */
export const CIRCLE_CARDS: CircleCard[] = [
  { name: 'Management', icon: Business, target: { login: 'Management' } },
  { name: 'Admin', icon: AdminPanelSettings, target: { login: 'Admin' } },
  { name: 'Faculty', icon: School, target: { login: 'Faculty' } },
  { name: 'Student', icon: Person, target: { login: 'Student' } },
  { name: 'Accounts', icon: AccountBalance, target: { login: 'Accounts' } },
  { name: 'Library', icon: LocalLibrary, target: { login: 'Library' } },
  { name: 'Transport', icon: DirectionsBus, target: { login: 'Transportation' } },
  { name: 'Grievance', icon: ReportProblem, target: { login: 'Grievance' } },
  { name: 'Faculty Dashboard', icon: Dashboard, target: { login: 'FacultyDB' } },
  { name: 'Hostel', icon: Hotel, target: { login: 'Hostel' } },
  { name: 'Placement', icon: WorkOutline, target: { login: 'Placements Cell' } },
  { name: 'Parent', icon: FamilyRestroom, target: { login: 'parent' } },
  { name: 'HOD', icon: SupervisorAccount, target: { login: 'HOD' } },
  { name: 'Exam', icon: Assignment, target: { external: 'exams' } },
  { name: 'Principal', icon: AccountBox, target: { login: 'principal' } },
  { name: 'Results', icon: EmojiEvents, target: { external: 'results' } },
  { name: 'OBE', icon: Insights, target: { external: 'obe' } },
];

/** The SRK variant has 16 cards: no Parent card. */
export const SRK_CIRCLE_CARDS = CIRCLE_CARDS.filter((c) => c.name !== 'Parent');

export const SRK_CODE = 'SRK';
export const isSrk = (code: string | undefined) => (code ?? '').trim().toUpperCase() === SRK_CODE;
