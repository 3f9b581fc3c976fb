// Reading a source: a file, standard input, or an http:// URL (a vLLM server's /metrics).
// SPDX-License-Identifier: Apache-2.0
#include "kvplan_cli/operate.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>

#if defined(__unix__) || defined(__APPLE__)
#include <netdb.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/types.h>
#include <unistd.h>
#define KVPLAN_CLI_HAS_SOCKETS 1
#else
#define KVPLAN_CLI_HAS_SOCKETS 0
#endif

namespace kvplan_cli {

namespace {
constexpr std::size_t max_body = std::size_t{64} << 20;

#if KVPLAN_CLI_HAS_SOCKETS
// Closes the socket however the function leaves.
struct socket_guard {
  int fd = -1;
  ~socket_guard() {
    if (fd >= 0) ::close(fd);
  }
};
#endif
}  // namespace

std::string http_get(const std::string& url, std::string& error, int timeout_s) {
#if KVPLAN_CLI_HAS_SOCKETS
  const std::string scheme = "http://";
  if (url.rfind(scheme, 0) != 0) {
    error = "'" + url + "': only http:// URLs are read (no TLS); save an https page to a file first";
    return {};
  }
  const std::string rest = url.substr(scheme.size());
  const std::size_t slash = rest.find('/');
  const std::string authority = rest.substr(0, slash);
  const std::string path = slash == std::string::npos ? "/" : rest.substr(slash);
  std::string host = authority, port = "80";
  if (const std::size_t colon = authority.rfind(':'); colon != std::string::npos) {
    host = authority.substr(0, colon);
    port = authority.substr(colon + 1);
  }
  if (host.empty() || port.empty() || port.size() > 5 || port.find_first_not_of("0123456789") != std::string::npos) {
    error = "'" + url + "' is not an http://host:port/path URL";
    return {};
  }
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  if (const int rc = ::getaddrinfo(host.c_str(), port.c_str(), &hints, &found); rc != 0) {
    error = "cannot resolve '" + host + "': " + ::gai_strerror(rc);
    return {};
  }
  socket_guard s;
  std::string last;
  for (addrinfo* a = found; a != nullptr; a = a->ai_next) {
    const int fd = ::socket(a->ai_family, a->ai_socktype, a->ai_protocol);
    if (fd < 0) continue;
    timeval tv{};
    tv.tv_sec = timeout_s;
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    if (::connect(fd, a->ai_addr, a->ai_addrlen) == 0) {
      s.fd = fd;
      break;
    }
    last = std::strerror(errno);
    ::close(fd);
  }
  ::freeaddrinfo(found);
  if (s.fd < 0) {
    error = "cannot connect to " + authority + (last.empty() ? "" : ": " + last) +
            " (is vLLM running, and is this its --port?)";
    return {};
  }
  const std::string request = "GET " + path + " HTTP/1.0\r\nHost: " + authority +
                              "\r\nAccept: text/plain\r\nConnection: close\r\n\r\n";
  for (std::size_t sent = 0; sent < request.size();) {
    const ssize_t n = ::send(s.fd, request.data() + sent, request.size() - sent, 0);
    if (n <= 0) {
      error = "cannot send the request to " + authority;
      return {};
    }
    sent += static_cast<std::size_t>(n);
  }
  std::string response;
  char buf[16384];
  while (true) {
    const ssize_t n = ::recv(s.fd, buf, sizeof buf, 0);
    if (n < 0) {
      error = "reading from " + authority + " failed or timed out";
      return {};
    }
    if (n == 0) break;
    response.append(buf, static_cast<std::size_t>(n));
    if (response.size() > max_body + 65536) {
      error = "the response from " + url + " is larger than 64 MiB";
      return {};
    }
  }
  const std::size_t header_end = response.find("\r\n\r\n");
  const std::size_t line_end = response.find("\r\n");
  if (header_end == std::string::npos || line_end == std::string::npos || response.rfind("HTTP/", 0) != 0) {
    error = "the answer from " + url + " is not an HTTP response";
    return {};
  }
  const std::string status = response.substr(0, line_end);
  if (status.find(" 200") == std::string::npos) {
    error = url + " answered '" + status + "'";
    return {};
  }
  const std::string headers = response.substr(0, header_end);
  if (headers.find("Transfer-Encoding: chunked") != std::string::npos ||
      headers.find("transfer-encoding: chunked") != std::string::npos) {
    error = url + " sent a chunked body, which an HTTP/1.0 request does not ask for";
    return {};
  }
  return response.substr(header_end + 4);
#else
  (void)timeout_s;
  error = "'" + url + "': reading http:// URLs needs POSIX sockets; save the page to a file first";
  return {};
#endif
}

std::string read_source(const std::string& source, std::string& error, std::size_t max_bytes) {
  if (source.rfind("http://", 0) == 0 || source.rfind("https://", 0) == 0) return http_get(source, error);
  std::string text;
  if (source == "-") {
    text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
  } else {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(source, ec)) {
      error = "no file '" + source + "'";
      return {};
    }
    std::ifstream in(source, std::ios::binary);
    text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  if (text.size() > max_bytes) {
    error = "'" + source + "' is larger than " + std::to_string(max_bytes >> 20) + " MiB";
    return {};
  }
  return text;
}

}  // namespace kvplan_cli
