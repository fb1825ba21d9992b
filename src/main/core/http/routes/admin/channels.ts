import { adminChannelView, findChannel, listChannels, updateChannel } from '../../../logistics/channels.js';
import { notFound } from '../../../shared/errors.js';
import { defineRoute } from '../../route.js';
import { adminChannelSchemas } from '../../../../../contract/admin/channels.js';

export const adminChannelRoutes = [
  defineRoute({
    method: 'GET',
    url: '/channels',
    scope: null,
    tag: 'Admin',
    summary: 'Every shipping channel, inactive ones too',
    schema: adminChannelSchemas['GET /channels'],
    handler: ({ ctx }) => listChannels(ctx, { includeInactive: true }).map(adminChannelView),
  }),
  defineRoute({
    method: 'GET',
    url: '/channels/:channelId',
    scope: null,
    tag: 'Admin',
    summary: 'One shipping channel',
    schema: adminChannelSchemas['GET /channels/:channelId'],
    handler: ({ ctx, params }) => {
      const channel = findChannel(ctx, params.channelId);
      if (!channel) throw notFound(`Shipping channel ${params.channelId} not found`);
      return adminChannelView(channel);
    },
  }),
  defineRoute({
    method: 'PUT',
    url: '/channels/:channelId',
    scope: null,
    tag: 'Admin',
    summary: 'Edit a shipping channel: any subset of its fields; pending shipping orders keep their fee',
    schema: adminChannelSchemas['PUT /channels/:channelId'],
    handler: ({ ctx, params, body }) => adminChannelView(updateChannel(ctx, params.channelId, body)),
  }),
];
