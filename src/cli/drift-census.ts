// The census standin drift reads enum values from: standin's default world (seed 42, small) on a fixed clock, each
// record presented as its GET gives it, so the same descriptions always give the same report.
import type { DescriptionDocument } from '../drift/description-document.js';
import { worldCensus, type CensusRecord, type EmittedValues } from '../drift/world-census.js';
import { createMock } from '../http/app.js';
import { DEFAULT_APP_URL, Presenter } from '../http/present.js';
import { eachPresentedRecord } from '../http/presented-records.js';

/** The clock of the world whose values are told: fixed, so a report does not change with the day it is made. */
const CENSUS_NOW = '2026-11-20T09:00:00Z';

/**
 * @example const emitted = defaultWorldCensus(standin); emitted('/components/schemas/Mood')
 */
export function defaultWorldCensus(standin: DescriptionDocument): EmittedValues {
  const mock = createMock({ now: CENSUS_NOW });
  try {
    const records: CensusRecord[] = [];
    eachPresentedRecord(mock.world, new Presenter(DEFAULT_APP_URL), (schema, value, _record, error) => {
      if (!error) records.push({ schema, value });
    });
    return worldCensus(standin, records);
  } finally {
    mock.close();
  }
}
