import type { InspectionNoteCode, TimelinePart } from '../../../contract/timeline.js';

/**
 * The inspection notes the warehouse writes: the English notes the contract has always carried, made here
 * from the same parts (codes and values) that clients word in their own language. Notes an operator typed
 * are kept as typed, with no parts.
 */
const ENGLISH: Record<InspectionNoteCode, (p: TimelinePart['params']) => string> = {
  'inspection.passed': () => 'Items match the order; no damage found',
  'inspection.issue_found': () => 'Issue found during inspection',
  'inspection.item_issue': (p) => `Issue found on item ${p.itemId} during inspection; the other items match the order`,
};

export interface InspectionNotes {
  notes: string;
  parts: TimelinePart[] | null;
}

export function inspectionNote(code: InspectionNoteCode, params: TimelinePart['params'] = {}): InspectionNotes {
  return { notes: ENGLISH[code](params), parts: [{ code, params }] };
}

/** What is stored for an inspection: the typed notes as they are, else `written` (the scenario's), else the result's. */
export function inspectionNotesOf(result: 'passed' | 'issue_found', typed: string | undefined, written: InspectionNotes | undefined): InspectionNotes {
  if (typed !== undefined) return { notes: typed, parts: null };
  if (written) return written;
  return inspectionNote(result === 'passed' ? 'inspection.passed' : 'inspection.issue_found');
}
