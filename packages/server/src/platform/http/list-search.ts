/** The back office lists' filters: UTC days and text searches (orders, stock, products, gift cards). */
import { z } from 'zod';

/** A UTC day, `YYYY-MM-DD`, as the list filters take it. */
export const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD')
  .refine((date) => !Number.isNaN(Date.parse(`${date}T00:00:00Z`)), 'expected a date that exists');

const DAY_MS = 24 * 60 * 60 * 1000;
/** The first millisecond of a UTC day. */
export const dayStart = (date: string) => Date.parse(`${date}T00:00:00Z`);
/** The first millisecond after a UTC day: a `to` day is included whole. */
export const dayEnd = (date: string) => dayStart(date) + DAY_MS;
/** A case-insensitive LIKE pattern matching `text` anywhere, its `%` and `_` plain characters. */
export const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
