"""Background jobs: a job table (status, progress, error) and Huey to run them.

Domains register a handler per job kind (`@job_handler("kind")`); one Huey task, `run_job`,
looks the job up and calls its handler. The embedded default is SqliteHuey with a consumer
inside the app; at scale, Redis or PostgreSQL Huey with `slidewright worker` processes.
"""
