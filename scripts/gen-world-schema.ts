import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { worldFileSchemaText } from '../src/main/core/worlds/file/json-schema.js';

/** Writes worlds/world-file.schema.json from the contract's TypeBox schema (a test fails while they differ). */
writeFileSync(join(import.meta.dirname, '..', 'worlds', 'world-file.schema.json'), worldFileSchemaText());
