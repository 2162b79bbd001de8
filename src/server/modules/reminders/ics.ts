/**
 * The iCalendar invitation of a reminder (RFC 5545, with RFC 5546's METHOD): one VEVENT whose UID is the appointment's
 * own, so a calendar that received it replaces it when a later message (a higher SEQUENCE) arrives, and removes it
 * on METHOD:CANCEL. Times in UTC; lines end in CRLF and are folded at 75 octets.
 */

export interface CalendarEvent {
  method: 'REQUEST' | 'CANCEL';
  uid: string;
  sequence: number;
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  location: string;
  description: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
}

/** The appointment's UID: the same in every message about it. */
export const appointmentUid = (appointmentId: string) => `cita-${appointmentId}@clinicas`;

const utc = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** TEXT values: backslash, semicolon, comma and new lines escaped. */
const escapeText = (v: string) => v.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** A parameter value (CN) in quotes, without the characters a quoted value may not hold. */
const param = (v: string) => `"${v.replace(/["\r\n]/g, '')}"`;

/** Splits a content line into 75-octet pieces, never inside a UTF-8 character; continuation lines start with a space. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    if (octets + size > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function calendarText(e: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Clinicas//Recordatorios de citas//ES',
    'CALSCALE:GREGORIAN',
    `METHOD:${e.method}`,
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `SEQUENCE:${e.sequence}`,
    `DTSTAMP:${utc(e.stamp)}`,
    `DTSTART:${utc(e.start)}`,
    `DTEND:${utc(e.end)}`,
    `SUMMARY:${escapeText(e.summary)}`,
    `LOCATION:${escapeText(e.location)}`,
    `DESCRIPTION:${escapeText(e.description)}`,
    `ORGANIZER;CN=${param(e.organizer.name)}:mailto:${e.organizer.email}`,
    `ATTENDEE;CN=${param(e.attendee.name)};ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:${e.attendee.email}`,
    `STATUS:${e.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}

/** The address of a From header ('Clínicas <no-responder@x>' → no-responder@x). */
export function addressOf(from: string): string {
  const m = /<([^>]+)>/.exec(from);
  return (m ? m[1] : from).trim();
}
