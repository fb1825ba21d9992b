import { Type } from 'typebox';

/** `startingAfter`, the cursor every list takes beside page/limit (docs/API.md, "Cursor paging"). */
export const CursorQuery = {
  startingAfter: Type.Optional(
    Type.String({ minLength: 1, maxLength: 64, description: 'cursor paging: the items after this id, in the list\'s order (instead of page)' }),
  ),
};
