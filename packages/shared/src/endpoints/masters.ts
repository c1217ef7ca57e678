import type { z } from 'zod';
import { binaryResponse, ZIdParams, ZMessage } from '../common-schemas.js';
import {
  MASTER_KINDS,
  ZMasterImportParams,
  ZMasterImportParts,
  ZMasterImportQuery,
  ZMasterInputs,
  ZMasterList,
  ZMasterListQuery,
  ZMasterRows,
  ZSectionStudentList,
  ZSectionStudentsInput,
  ZSectionStudentsResult,
  ZStudentRecordInput,
  ZStudentRecordList,
  ZStudentRecordQuery,
  ZStudentRecordSaved,
  type TMasterKind,
} from '../masters-schemas.js';
import { ZImportReport } from '../web-contract-schemas.js';
import { defineEndpoint as e, type EndpointDefinition } from './define.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** defineEndpoint for a path holding a generic kind: its params are checked when the map loads. */
const def = <const D extends EndpointDefinition>(d: D): D => e<D>(d as never);

/** The four calls of one master kind (list, create, edit, retire), with that kind's schemas. */
function kindEndpoints<K extends TMasterKind, I extends z.ZodType, R extends z.ZodType>(kind: K, input: I, row: R) {
  const path: `/api/masters/${K}` = `/api/masters/${kind}`;
  const idPath = `${path}/:id` as `/api/masters/${K}/:id`;
  return {
    list: def({ method: 'GET', path, query: ZMasterListQuery, response: ZMasterList(row) }),
    create: def({ method: 'POST', path, body: input, response: row }),
    update: def({ method: 'PUT', path: idPath, params: ZIdParams, body: input, response: row }),
    /** retires: the row stays on the records that use it */
    retire: def({ method: 'DELETE', path: idPath, params: ZIdParams, response: ZMessage }),
  };
}

/** `/api/masters/<kind>` for each kind: `mastersByKind.sections.list`. */
export const mastersByKind = {
  departments: kindEndpoints('departments', ZMasterInputs.departments, ZMasterRows.departments),
  courses: kindEndpoints('courses', ZMasterInputs.courses, ZMasterRows.courses),
  regulations: kindEndpoints('regulations', ZMasterInputs.regulations, ZMasterRows.regulations),
  branches: kindEndpoints('branches', ZMasterInputs.branches, ZMasterRows.branches),
  batches: kindEndpoints('batches', ZMasterInputs.batches, ZMasterRows.batches),
  semesters: kindEndpoints('semesters', ZMasterInputs.semesters, ZMasterRows.semesters),
  sections: kindEndpoints('sections', ZMasterInputs.sections, ZMasterRows.sections),
  subjects: kindEndpoints('subjects', ZMasterInputs.subjects, ZMasterRows.subjects),
  faculty: kindEndpoints('faculty', ZMasterInputs.faculty, ZMasterRows.faculty),
} satisfies Record<TMasterKind, unknown>;

type KindOp = keyof ReturnType<typeof kindEndpoints> & string;
const byKind = Object.fromEntries(
  MASTER_KINDS.flatMap((kind) => Object.entries(mastersByKind[kind]).map(([op, d]) => [`${kind}.${op}`, d])),
) as Record<`${TMasterKind}.${KindOp}`, EndpointDefinition>;

/**
 * The academic masters: each kind's list and edits (also here as `departments.list`, ...), the
 * students of a section, the office's student records and the Excel imports.
 */
export const mastersEndpoints = {
  ...byKind,
  sectionStudents: e({
    method: 'GET',
    path: '/api/masters/sections/:id/students',
    params: ZIdParams,
    response: ZSectionStudentList,
  }),
  assignSectionStudents: e({
    method: 'POST',
    path: '/api/masters/sections/:id/students',
    params: ZIdParams,
    body: ZSectionStudentsInput,
    response: ZSectionStudentsResult,
  }),
  students: e({ method: 'GET', path: '/api/masters/students', query: ZStudentRecordQuery, response: ZStudentRecordList }),
  saveStudent: e({
    method: 'PUT',
    path: '/api/masters/students/:id',
    params: ZIdParams,
    body: ZStudentRecordInput,
    response: ZStudentRecordSaved,
  }),
  importTemplate: e({
    method: 'GET',
    path: '/api/masters/import/:kind/template',
    params: ZMasterImportParams,
    response: binaryResponse(XLSX),
  }),
  /** a dry run (dryRun=true) checks the sheet and saves nothing */
  importSheet: e({
    method: 'POST',
    path: '/api/masters/import/:kind',
    params: ZMasterImportParams,
    query: ZMasterImportQuery,
    multipart: ZMasterImportParts,
    response: ZImportReport,
  }),
};
