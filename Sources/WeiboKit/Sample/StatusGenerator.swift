/// Makes realistic statuses, deterministic from a seed: for the bundled sample timeline, the
/// benchmark, the layout property tests and the sandbox server.
///
/// Users with Chinese and Latin names, VIPs and verified accounts; texts in Chinese and English
/// with emoji, `#话题#`, `[表情]` codes, `t.cn` links, newlines and zero-width spaces; 0–9 listed
/// pictures with `pic_num` sometimes larger; retweets, some deleted; long texts; counts from 0 to
/// millions; times from seconds to years before `now`.
public struct StatusGenerator: Sendable {
    private var random: SeededRandom
    private var nextID: Int64
    /// The moment the newest generated status is close to.
    public var now: Timestamp

    public init(seed: UInt64, now: Timestamp, firstID: Int64 = 4_530_000_000_000_000) {
        random = SeededRandom(seed: seed)
        // Whole seconds, as Weibo's timestamps have no fractions.
        self.now = Timestamp(secondsSince1970: now.secondsSince1970.rounded(.down))
        nextID = firstID
    }

    /// `count` statuses, newest first, their ids rising with recency as Weibo's do.
    public mutating func statuses(count: Int) -> [Status] {
        var statuses: [Status] = []
        statuses.reserveCapacity(count)
        var age: Double = Double(Int.random(in: 5...90, using: &random))
        for _ in 0..<count {
            statuses.append(status(postedAt: now.adding(-age.rounded())))
            // Ages grow geometrically for the first two days (minutes, hours, yesterday), then by
            // up to two days a status: months and years back for a long timeline.
            if age < 172_800 {
                age = age * Double.random(in: 1.05...1.6, using: &random) + Double(Int.random(in: 30...900, using: &random))
            } else {
                age += Double(Int.random(in: 3_600...172_800, using: &random))
            }
        }
        // Ids were handed out oldest-first below, so reverse them to keep newer = larger.
        let ids = statuses.map(\.id).sorted(by: >)
        for index in statuses.indices {
            statuses[index].id = ids[index]
            statuses[index].mid = String(ids[index])
        }
        return statuses
    }

    /// A timeline page of `count` statuses.
    public mutating func page(count: Int) -> TimelinePage {
        let statuses = statuses(count: count)
        return TimelinePage(statuses: statuses, nextCursor: statuses.last.map { $0.id - 1 } ?? 0, totalNumber: count)
    }

    /// One status posted at `date`.
    public mutating func status(postedAt date: Timestamp) -> Status {
        let author = user()
        var status = Status(
            id: takeID(), createdAt: date, text: text(), source: source(), user: author,
            repostsCount: count(), commentsCount: count(), attitudesCount: count())
        addPictures(to: &status)
        if random.chance(8) {
            status.text += "…全文： http://m.weibo.cn/\(author.id)/\(status.id)"
            status.isLongText = true
        }
        if random.chance(22) {
            status.retweetedStatus = retweet(before: date)
            if status.retweetedStatus?.isDeleted == false, random.chance(30) { status.text = "转发微博" }
            status.pictures = []
            status.pictureCount = 0
        }
        return status
    }

    /// A comment by someone else on `status`, posted at `date`; a reply to `replyingTo` when given.
    public mutating func comment(on status: Status, postedAt date: Timestamp, replyingTo: Comment? = nil) -> Comment {
        let author = user()
        var text = random.pick(Self.chineseSentences)
        if random.chance(40) { text += random.pick(Self.emoticons) }
        if let replyingTo, let name = replyingTo.user?.screenName { text = "回复@\(name):" + text }
        return Comment(id: takeID(), createdAt: date, text: text, source: source(), user: author, status: status, replyComment: replyingTo)
    }

    /// A status by someone else that @mentions `name`, posted at `date`.
    public mutating func mention(of name: String, postedAt date: Timestamp) -> Status {
        var status = status(postedAt: date)
        status.text = "@\(name) " + status.text
        return status
    }

    /// Someone else, for a comment or a mention.
    public mutating func someone() -> User { user() }

    // MARK: - Parts

    private mutating func takeID() -> Int64 {
        nextID += Int64.random(in: 1_000...9_000_000, using: &random)
        return nextID
    }

    /// Someone: a follower, an author.
    public mutating func person() -> User { user() }

    private mutating func user() -> User {
        let isVIP = random.chance(25)
        let verified = random.chance(20)
        let name: String =
            random.chance(60)
            ? random.pick(Self.chineseNames)
            : random.pick(Self.latinNames) + (random.chance(40) ? "_\(Int.random(in: 1...999, using: &random))" : "")
        let id = Int64.random(in: 1_000_000_000...7_999_999_999, using: &random)
        return User(
            id: id, screenName: name,
            profileImageURL: "https://tvax1.sinaimg.cn/crop.0.0.180.180.50/\(String(id, radix: 16))ly8g.jpg",
            avatarLargeURL: "https://tvax1.sinaimg.cn/crop.0.0.180.180.180/\(String(id, radix: 16))ly8g.jpg",
            isVerified: verified, verifiedType: verified ? random.pick([.personal, .government, .media, .daren]) : .none,
            memberType: isVIP ? random.pick([11, 12, 3]) : random.pick([0, 0, 2]),
            memberRank: isVIP ? Int.random(in: 1...7, using: &random) : 0,
            province: String(Int.random(in: 11...82, using: &random)), city: String(Int.random(in: 1...20, using: &random)))
    }

    private mutating func text() -> String {
        var parts: [String] = []
        if random.chance(30) { parts.append("#\(random.pick(Self.topics))#") }
        let sentences = Int.random(in: 1...4, using: &random)
        let english = random.chance(30)
        let pool = (english ? Self.englishSentences : Self.chineseSentences).shuffled(using: &random)
        parts += pool.prefix(sentences)
        if random.chance(35) { parts.append(random.pick(Self.emoticons)) }
        if random.chance(25) { parts.append(random.pick(Self.emoji)) }
        if random.chance(20) { parts.append("http://t.cn/\(shortCode())") }
        var text = parts.joined(separator: english ? " " : "")
        if random.chance(12) { text += "\n" + random.pick(Self.chineseSentences) }
        // Most real texts end with a zero-width space.
        if random.chance(70) { text += " \u{200B}" }
        return text
    }

    private mutating func shortCode() -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        return String((0..<7).map { _ in random.pick(alphabet) })
    }

    private mutating func source() -> String {
        if random.chance(10) { return "" }
        let (name, path) = random.pick(Self.sources)
        return "<a href=\"http://app.weibo.com/t/feed/\(path)\" rel=\"nofollow\">\(name)</a>"
    }

    /// Toolbar counts: mostly small, now and then tens of thousands or millions.
    private mutating func count() -> Int {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<30: return 0
        case 30..<75: return Int.random(in: 1...999, using: &random)
        case 75..<92: return Int.random(in: 1_000...99_999, using: &random)
        default: return Int.random(in: 100_000...3_000_000, using: &random)
        }
    }

    private mutating func addPictures(to status: inout Status) {
        guard random.chance(45) else { return }
        let listed = random.pick([1, 1, 2, 3, 4, 4, 5, 6, 7, 8, 9, 9])
        status.pictures = (0..<listed).map { _ in
            Picture(thumbnailURL: "http://wx\(Int.random(in: 1...4, using: &random)).sinaimg.cn/thumbnail/\(shortCode())ly1g\(shortCode()).jpg")
        }
        // Newer data lists nine pictures but counts more.
        status.pictureCount = listed == 9 && random.chance(40) ? Int.random(in: 10...18, using: &random) : listed
    }

    private mutating func retweet(before date: Timestamp) -> Status {
        let posted = date.adding(-Double(Int.random(in: 60...400_000, using: &random)))
        if random.chance(25) {
            // A deleted or hidden original: no user, and one of Weibo's fixed notices.
            return Status(
                id: takeID(), createdAt: posted, text: random.pick(Self.unavailableNotices), user: nil, isDeleted: true)
        }
        var original = Status(
            id: takeID(), createdAt: posted, text: text(), source: source(), user: user(),
            repostsCount: count(), commentsCount: count(), attitudesCount: count())
        addPictures(to: &original)
        return original
    }

    // MARK: - Vocabulary

    static let chineseNames = [
        "人民日报", "央视新闻", "新浪科技", "北京晚报", "小明同学", "爱吃火锅的猫", "旅行家老王", "程序员小李",
        "李子柒", "故宫博物院", "天气预报员", "摄影师阿杰", "中国国家地理", "读书的鱼", "每日一句英语", "上海发布",
    ]
    static let latinNames = [
        "Alice", "bob_dev", "TechCrunch", "NASA", "lonely_planet", "Swift_Lang", "MarsRover", "coffee.addict",
        "Elena Petrova", "jp_traveler", "NightOwl", "Weibo_Intl",
    ]
    static let topics = ["今日头条", "周末去哪儿", "高考加油", "春节快乐", "程序员日常", "天气", "WWDC", "世界杯"]
    static let chineseSentences = [
        "今天北京天气晴，最高气温二十八度，适合出门散步。", "刚刚看完这部电影，结局真的太感人了！",
        "有没有人推荐一本好看的小说？", "周末和朋友去爬山，风景美极了。", "新版本已经上线，欢迎大家更新体验。",
        "早上好，新的一天也要加油哦。", "这家店的火锅味道很正宗，强烈推荐！", "会议将于下午三点准时开始，请各位准时参加。",
        "「人生若只如初见」，何事秋风悲画扇。", "据报道，今年的春运客流量将创历史新高。", "（转）关于近期系统维护的说明：",
        "我们终于把这个bug修好了，开心😄", "一二三四五六七八九十一二三四五六七八九十一二三四五六七八九十",
    ]
    static let englishSentences = [
        "Just shipped a new release, check it out!", "What a beautiful morning in Shanghai.",
        "Reading about Unicode line breaking rules today.", "Coffee first, then code.",
        "Supercalifragilisticexpialidocious-internationalization-localization is a long word.",
        "Meeting at 3pm, don't be late.", "Photos from the trip are up.",
    ]
    static let emoticons = ["[哈哈]", "[赞]", "[心]", "[doge]", "[允悲]", "[笑cry]", "[鼓掌]"]
    static let emoji = ["😂", "👍", "❤️", "🎉", "👨‍👩‍👧‍👦", "🇨🇳", "☀️", "🐱"]
    static let sources: [(String, String)] = [
        ("微博 weibo.com", "6vtZb0"), ("iPhone客户端", "3o33sO"), ("HUAWEI Mate 40 Pro", "5yL3Ws"),
        ("Android", "4NoWze"), ("微博视频", "2KmVo9"), ("小米手机", "6y8Dhd"),
    ]
    static let unavailableNotices = [
        "抱歉，此微博已被作者删除。查看帮助：http://t.cn/Rfd3rQV", "抱歉，作者已设置仅展示半年内微博，此微博已不可见。",
        "根据博主设置，此内容无法访问",
    ]
}
