// What a demo audience checks of an activity feed, the generated history's and the simulation's alike (AC1, LW6):
// each activity at its person's working hours on a weekday, the code's work (pull requests, deploys, releases) by
// those who write code or by the release automation, one release of a repository a day, no meeting named twice over,
// sprint planning on a sprint's first day (the person's), no incident the team's texts do not tell, one tracker a
// team, a person's tasks of one day each of other work, each pull request and ticket number one work, a task's steps
// each once and in order under one number, a team's meeting once a day on its weekday, always as long, and nobody
// at work on a day they are away.

import { dateInZone, instantAt, weekdayOf } from '../../src/domain/calendar.js';
import type { Activity, IsoDate, Person, Uuid } from '../../src/domain/records.js';
import { makes } from '../../fixtures/roles.js';

/** A task's steps as each tool tells them, in order (activities.ts' WRITERS). */
const STEPS: Readonly<Record<string, readonly RegExp[]>> = {
  github_pr: [/^Opened #/, /^Pushed \d+ commits/, /^Asked for review/, /^#\d+ approved after/, /^Merged #/],
  jira: [
    /from To Do to In Progress/,
    /^Logged \d+h/,
    /from In Progress to In Review/,
    /^Commented on/,
    /from In Review to Done/,
  ],
  linear: [
    /^Status changed to In Progress/,
    /^Added a comment on what is left/,
    /^Status changed to In Review/,
    /^Added a comment with the review's notes/,
    /^Status changed to Done/,
  ],
  asana: [
    /"In progress"/,
    /^Added a comment with the progress/,
    /"In review"/,
    /^Added a comment with the review's notes/,
    /^Completed the task/,
  ],
};

/** Team meetings, held on their weekday by their host (activities.ts' teamMeeting), always as long. */
const TEAM_MEETING = /weekly sync$|team demo$|sprint review$/;

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
  // Each task (its pull request, ticket or Asana link): its title and its last step, in time order.
  const taskSteps = new Map<string, { title: string; step: number; at: number }>();
  // A person's task by title: the task it was last and when, so that one task keeps one number through its span.
  const taskIds = new Map<string, { id: string; at: number }>();
  const meetings = new Set<string>();
  const busy = new Map<string, Array<[number, number]>>();
  const opened = new Map<string, number>();
  const meetingShape = new Map<string, string>();
  for (const a of [...activities].sort((x, y) => x.recordedAt - y.recordedAt || x.seq - y.seq)) {
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
      const task = a.title.replace(/ \(#\d+\)$/, '').replace(/^[A-Z][A-Z0-9]*-\d+:? /, '');
      const key = `${a.personId} ${date} ${task}`;
      if (tasks.has(key)) findings.push(`${said}: the same task twice that day`);
      tasks.add(key);
    }
    const steps = STEPS[a.kind];
    if (steps !== undefined) {
      const id =
        a.kind === 'asana'
          ? (a.url ?? '')
          : a.kind === 'github_pr'
            ? `${a.group}${/\/pull\/\d+$/.exec(a.url ?? '')?.[0]}`
            : (/^[A-Z][A-Z0-9]*-\d+/.exec(a.title)?.[0] ?? '');
      const step = steps.findIndex((pattern) => pattern.test(a.description));
      if (step < 0) findings.push(`${said}: "${a.description}" is no step of a task`);
      const before = taskSteps.get(id);
      if (before !== undefined && before.title !== a.title) findings.push(`${said}: ${id} names another work too`);
      if (before !== undefined && before.step >= step)
        findings.push(`${said}: "${a.description}" after step ${before.step} of ${id}`);
      taskSteps.set(id, { title: a.title, step, at: a.recordedAt });
      // A day's new pull requests and tickets are numbered in the order they were opened.
      const number = Number(/(\d+)$/.exec(id)?.[1] ?? NaN);
      if (step === 0 && a.kind !== 'asana') {
        const day = `${a.personId} ${date} ${a.kind}`;
        const before = opened.get(day);
        if (before !== undefined && number < before) findings.push(`${said}: opened after a higher number, ${before}`);
        opened.set(day, number);
      }
      const task = `${a.personId} ${a.kind} ${a.title.replace(/ \(#\d+\)$/, '').replace(/^[A-Z][A-Z0-9]*-\d+:? /, '')}`;
      const last = taskIds.get(task);
      // Nor again under a new number within four weeks: "Write the referral program PRD" three times in six weeks
      // (a stranger's read of seed 3, when a non-coder's trade had two or three tasks a component).
      if (last !== undefined && last.id !== id && a.recordedAt - last.at < 28 * 86_400)
        findings.push(`${said}: one task under ${last.id} and ${id} within four weeks`);
      taskIds.set(task, { id, at: a.recordedAt });
    }
    // A meeting is logged once, by its host; time blocked for one's own work is no meeting.
    if (a.kind === 'google_calendar' && !/^Focus time/.test(a.title)) {
      const held = `${a.title} ${date}`;
      if (meetings.has(held)) findings.push(`${said}: ${a.title} held twice on ${date}`);
      meetings.add(held);
    }
    // A meeting at its time of day, on the hour or the half hour, within working hours, and none of one person's own
    // of a day over another.
    if (a.kind === 'google_calendar') {
      const slot = /^(\d\d):(\d\d)–(\d\d):(\d\d)\b/.exec(a.description);
      const [from, to] = slot ? [+slot[1]! * 60 + +slot[2]!, +slot[3]! * 60 + +slot[4]!] : [NaN, NaN];
      if (!slot || from % 30 !== 0 || from < 9 * 60 || to > 18 * 60 || to <= from)
        findings.push(`${said}: "${a.description}" is no time of a working day`);
      else if (!TEAM_MEETING.test(a.title) && !/^Sprint planning/.test(a.title)) {
        const day = `${a.personId} ${date}`;
        const taken = busy.get(day) ?? [];
        if (taken.some(([f, t]) => from < t && f < to)) findings.push(`${said}: ${a.description} over another meeting`);
        busy.set(day, [...taken, [from, to]]);
      }
    }
    if (a.kind === 'google_calendar' && TEAM_MEETING.test(a.title)) {
      const shape = `${weekdayOf(date)} ${a.description}`;
      const known = meetingShape.get(a.title);
      if (known !== undefined && known !== shape)
        findings.push(`${said}: ${a.title} on ${shape}, where it was on ${known}`);
      meetingShape.set(a.title, shape);
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
