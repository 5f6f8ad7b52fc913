import { BULK_ACTIONS, ENQUIRY_ACTIONS } from '../../../shared/admin/desk.js';
import { MAX_NOTE_LENGTH, STAGES } from '../../../shared/enquiry/enquiry.js';

/** An enquiry's id, in the path of the desk's routes for one enquiry. */
export const idParam = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 1 } },
  required: ['id'],
} as const;
export const actionParams = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 1 }, action: { type: 'string', enum: [...ENQUIRY_ACTIONS] } },
  required: ['id', 'action'],
} as const;
/** An Undo's form says so: what it does is not offered to be undone again. */
const undoField = { enum: ['1', 1] } as const;
export const stageBody = {
  type: 'object',
  properties: {
    stage: { type: 'string', enum: [...STAGES] },
    onlyFrom: { type: 'string', enum: [...STAGES] },
    back: { type: 'string' },
    undo: undoField,
    /** An Undo of Quoted: the follow-up day it proposed, cleared if still as proposed. */
    proposed: { type: 'string', maxLength: 10 },
  },
  required: ['stage'],
} as const;
export const noteBody = {
  type: 'object',
  properties: {
    body: { type: 'string', minLength: 1, maxLength: MAX_NOTE_LENGTH, pattern: '\\S' },
    back: { type: 'string' },
  },
  required: ['body'],
} as const;
const BULK = [...new Set(Object.values(BULK_ACTIONS).flat())];
const MAX_BULK = 1000;
export const bulkBody = {
  type: 'object',
  properties: {
    action: { type: 'string', enum: BULK },
    // A form sends one "id" per ticked box (Fastify makes a single one a list of one).
    id: { type: 'array', items: { type: 'integer', minimum: 1 }, maxItems: MAX_BULK },
    back: { type: 'string' },
    undo: undoField,
  },
  required: ['action'],
} as const;
