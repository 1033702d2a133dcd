/**
 * The inbox's calls for a member's WhatsApp alerts, through api.ts's one typed call, kept out of
 * the first screen's chunk (only the Team page uses them): GET and PUT /api/leads/whatsapp.
 */
import type { MemberWhatsAppChange, MemberWhatsAppStatus } from '../../lib/team-api/wire.ts';
import { call, json, type Session } from './api.ts';

export const readWhatsAppAlerts = (session: Session) => call<MemberWhatsAppStatus>(session, '/api/leads/whatsapp');

export const saveWhatsAppAlerts = (session: Session, change: MemberWhatsAppChange) =>
  call<MemberWhatsAppStatus>(session, '/api/leads/whatsapp', json('PUT', change));
