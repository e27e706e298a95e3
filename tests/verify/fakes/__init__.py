"""Local fakes of the services VERIFY talks to, served over real HTTP on 127.0.0.1."""
