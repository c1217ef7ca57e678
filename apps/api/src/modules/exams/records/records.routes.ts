import type { FastifyInstance } from 'fastify';

/** The exam cell's records: grade cards, transcripts, certificates, the NAD export and ABC ids. */
export default async function examRecordsRoutes(app: FastifyInstance) {
  void app;
}
