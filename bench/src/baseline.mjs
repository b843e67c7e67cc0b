// The ceiling: a bare Fastify JSON route on this machine, in its own process like the forum server.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/json', async () => ({ Code: 0, Message: 'ok', Data: { hello: 'world' } }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
