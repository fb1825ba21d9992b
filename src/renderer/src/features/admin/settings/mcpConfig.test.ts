import { describe, expect, it } from 'vitest';
import { clientConfig, mcpHttpUrl, stdioCommand } from './mcpConfig';

describe('connecting an assistant', () => {
  it('gives the HTTP endpoint on the server\'s origin', () => {
    expect(mcpHttpUrl('http://127.0.0.1:4680')).toBe('http://127.0.0.1:4680/mcp');
    expect(mcpHttpUrl('http://127.0.0.1:4680/')).toBe('http://127.0.0.1:4680/mcp');
  });

  it('puts the key in the environment of the stdio command, never lets npx fetch a package from the registry, and quotes a folder with spaces', () => {
    expect(stdioCommand('/data/crossbuy', 'sk-abc')).toBe('CROSSBUY_API_KEY=sk-abc npx --no crossbuy mcp --data /data/crossbuy');
    // A world's key: the data folder, and the world it belongs to (never the world's own folder as --data).
    expect(stdioCommand('/data/crossbuy', 'sk-abc', 'w_checkout_01')).toBe('CROSSBUY_API_KEY=sk-abc npx --no crossbuy mcp --data /data/crossbuy --world w_checkout_01');
    expect(stdioCommand("/Users/me/My Data/it's", 'sk-abc')).toBe(`CROSSBUY_API_KEY=sk-abc npx --no crossbuy mcp --data '/Users/me/My Data/it'\\''s'`);
  });

  it('writes each client\'s own configuration shape with the key filled in', () => {
    const options = { origin: 'http://127.0.0.1:4680', dataDir: '/d', key: 'sk-k' };
    expect(JSON.parse(clientConfig('claude', options))).toEqual({ mcpServers: { crossbuy: { command: 'npx', args: ['--no', 'crossbuy', 'mcp', '--data', '/d'], env: { CROSSBUY_API_KEY: 'sk-k' } } } });
    expect(JSON.parse(clientConfig('cursor', options))).toEqual({ mcpServers: { crossbuy: { url: 'http://127.0.0.1:4680/mcp', headers: { Authorization: 'Bearer sk-k' } } } });
    expect(JSON.parse(clientConfig('vscode', options))).toEqual({ servers: { crossbuy: { type: 'http', url: 'http://127.0.0.1:4680/mcp', headers: { Authorization: 'Bearer sk-k' } } } });
  });
});
