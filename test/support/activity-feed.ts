// What a demo audience checks of an activity feed, the generated history's and the simulation's alike (AC1, LW6):
// each activity at its person's working hours on a weekday, the code's work (pull requests, deploys, releases) by
// those who write code or by the release automation, one release of a repository a day, no meeting named twice over,
// sprint planning on a sprint's first day (the person's), no incident the team's texts do not tell, one tracker a
// team, a person's tasks of one day each of other work, each pull request and ticket number one work, and nobody at
// work on a day they are away.

import { dateInZone, instantAt, weekdayOf } from '../../src/domain/calendar.js';
import type { Activity, IsoDate, Person, Uuid } from '../../src/domain/records.js';
import { makes } from '../../fixtures/roles.js';

/**
 * The activities of `activities` a stranger would call out, each with why; empty when the feed reads right.
 * @example expect(feedFindings(world.activities, peopleById)).toEqual([])
 */
export function feedFindings(
  activities: readonly Activity[],
  people: { get(id: Uuid): Person | undefined },
  absentOn: (person: Person, date: IsoDate) => boolean,
): string[] {
  const findings: string[] = [];
  const releasedOn = new Set<string>();
  // A team's tickets are in one tracker (its people's first team's, as the feed's voice reads it).
  const trackers = new Map<string, Set<string>>();
  // One person's tasks of a day, their numbers aside: each of other work.
  const tasks = new Set<string>();
  const numbers = new Set<string>();
  for (const a of activities) {
    const person = people.get(a.personId);
    if (!person) {
      findings.push(`${a.title}: by nobody the world knows`);
      continue;
    }
    const said = `${a.title} (${person.username}, ${person.title})`;
    const date = dateInZone(a.recordedAt, person.timeZone);
    const hour = 9 + (a.recordedAt - instantAt(date, '09:00', person.timeZone)) / 3600;
    if (weekdayOf(date) === 'saturday' || weekdayOf(date) === 'sunday')
      findings.push(`${said}: on a ${weekdayOf(date)}`);
    if (hour < 9 || hour > 18) findings.push(`${said}: at ${hour.toFixed(2)} h local`);
    if (absentOn(person, date)) findings.push(`${said}: on ${date}, a day they are away`);
    const code = a.kind === 'github_pr' || a.group === 'deploys' || a.group === 'releases';
    if (code && person.kind === 'human' && !makes(person.title, 'code')) findings.push(`${said}: code by a non-coder`);
    if (a.group === 'releases') {
      if (releasedOn.has(a.title)) findings.push(`${said}: that version released twice`);
      releasedOn.add(a.title);
    }
    if (/\b(\w+) \1\b/i.test(a.title)) findings.push(`${said}: a word twice`);
    // A sprint is planned on its first day, a Monday of every other week; an incident is no draw of the feed.
    if (/^Sprint planning/.test(a.title) && weekdayOf(date) !== 'monday')
      findings.push(`${said}: sprint planning on a ${weekdayOf(date)}`);
    if (a.group === 'incidents' || /^Incident (resolved|retro)\b/.test(a.title))
      findings.push(`${said}: an incident no story tells`);
    if (a.kind === 'github_pr' || a.kind === 'jira' || a.kind === 'linear' || a.kind === 'asana') {
      const task = a.title.replace(/ \(#\d+\)$/, '').replace(/^[A-Z]+-\d+:? /, '');
      const key = `${a.personId} ${date} ${task}`;
      if (tasks.has(key)) findings.push(`${said}: the same task twice that day`);
      tasks.add(key);
    }
    const number = /\/pull\/\d+$/.exec(a.url ?? '')?.[0] ?? /^[A-Z]+-\d+/.exec(a.title)?.[0];
    if (number !== undefined && (a.kind === 'github_pr' || a.kind === 'jira' || a.kind === 'linear')) {
      const key = a.kind === 'github_pr' ? `${a.group}${number}` : number;
      if (numbers.has(key)) findings.push(`${said}: ${key} names another work too`);
      numbers.add(key);
    }
    if (a.kind === 'jira' || a.kind === 'linear') {
      const team = person.teamIds[0] ?? '';
      const used = trackers.get(team) ?? new Set<string>();
      trackers.set(team, used.add(a.kind));
      if (used.size > 1) findings.push(`${said}: ${a.kind} in a team that files in the other tracker too`);
    }
  }
  return findings;
}
